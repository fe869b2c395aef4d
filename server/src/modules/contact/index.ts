/** Public face of modules/contact: The contact form: validated messages stored for the operator. Other folders import only this file. */
export * from './contact-message.entity';
export * from './contact.service';
