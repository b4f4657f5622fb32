export { registerMediaRoutes } from './routes';
export { storeImage, type ImageOwner, type MediaDeps } from './service';
export { createMediaStorage, folderStorage, s3Storage, type MediaStorage } from './storage';
export { sweepUnusedMedia } from './sweep';
export { assertBlogPictures, assertShopPictures, foreignShopPictures, mediaBase } from './pictures';
