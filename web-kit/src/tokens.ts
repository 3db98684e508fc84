export { default as tokensCss } from './tokens.css';
