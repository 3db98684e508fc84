// Async boundary so module federation can set up the shared singletons before any React code runs
// (the chunk's name lets the build list its files in dist/preload.json, for the page's preload hints).
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
