/** The images module's public entry: storing, reading and sending uploaded images. */
export { createDiskBlobStorage, newStorageKey } from './blob-storage';
export { createImagesService, type ImagesService, type StoredFile } from './images.service';
export { readImageUpload, sendImage, sendPublicImage, type ImageFile } from './upload';
