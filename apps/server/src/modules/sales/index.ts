// The sales module's public face: read-only figures for the back office.
export { salesModule } from './module.js';
