export { healthRoutes } from './routes.js';
export { shopRoutes } from './shop-routes.js';
