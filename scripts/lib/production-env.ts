// The build renders React in production mode: set before React is first loaded.
process.env.NODE_ENV = 'production';
