// Async boundary so module federation can set up the shared singletons before any React code runs.
import('./bootstrap');
