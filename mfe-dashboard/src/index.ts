// A remote's own entry is unused: the shell loads ./routes through remoteEntry.js.
export {};
