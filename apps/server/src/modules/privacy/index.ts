// The privacy module's public face: data exports and account deletion.
export { privacyModule } from './module.js';
export { startDataExportRuntime, type DataExportRuntime } from './runtime.js';
export { dataExports } from './schema.js';
