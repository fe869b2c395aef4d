/** Stands in for imported asset files in jest. */
export default 'file-stub';
