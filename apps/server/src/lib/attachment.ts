// What a route answers with as a download; the domain makes it, the HTTP edge sends it.

/** A file to send whole as an attachment. */
export interface Attachment {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** A kept file to send as an attachment, opened (`File`: the store's handle on it). */
export interface FileAttachment<File> {
  fileName: string;
  contentType: string;
  file: File;
}
