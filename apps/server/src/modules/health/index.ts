export { healthModule } from './module.js';
