// Pictures for the owner and admin screens: the upload call and the list editor.
export * from './image-list';
export * from './upload-image';
export * from './components/image-list-editor';
export * from './use-picture-list';
