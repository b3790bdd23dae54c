export type PhotoStatus = 'saved' | 'queued' | 'uploading';

/** One image of the uploader, saved or on its way; the screen owns the list. */
export interface PhotoItem {
  /** Stable key: the photo id, or a local id for files not uploaded yet. */
  key: string;
  /** Image address (server URL or a local object URL). */
  src: string;
  status: PhotoStatus;
  /** 0…1 while uploading. */
  progress?: number;
}
