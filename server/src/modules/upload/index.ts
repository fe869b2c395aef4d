/** Public face of modules/upload: Proof and profile images: checked, owned and stored through the platform storage. Other folders import only this file. */
export * from './owned-upload';
export * from './upload.entity';
export * from './upload.service';
export * from './upload.module';
