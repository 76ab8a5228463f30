// Keys: the signing secret and the data key behind the keys that protect data at rest.
export {
  DATA_KEY_ROW,
  DataKeyUnavailable,
  loadServerKeys,
  signingKeyId,
  type ServerKeys,
} from './data-key.js';
