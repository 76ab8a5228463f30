// Shared by the domain and the HTTP edge alike; imports nothing of either.
export {
  APP_ERROR_STATUS,
  AppError,
  NOT_FOUND_MESSAGE,
  type AppErrorCode,
  type ErrorFields,
} from './app-error.js';
export type { Attachment, FileAttachment } from './attachment.js';
export { BackgroundTasks } from './background-tasks.js';
export { escapeXml } from './escape-xml.js';
export { SHOP_NAME } from './shop-name.js';
export { createTtlCache, type TtlCache } from './ttl-cache.js';
