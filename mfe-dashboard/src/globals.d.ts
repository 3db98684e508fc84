declare const __PACKAGE_VERSION__: string;
