// The sales module's public face (issue 8, point 6): read-only figures for the back office.
export { salesAdminRoutes } from './routes.js';
export { salesReport } from './report.js';
