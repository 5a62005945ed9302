export { ChecksumCell } from './checksum-cell';
export { FilePictures } from './file-pictures';
export { FileUpload, type FileUploadProps } from './file-upload';
export { useFileUrl } from './file-url';
export { UploadButton, type UploadButtonProps } from './upload-button';
