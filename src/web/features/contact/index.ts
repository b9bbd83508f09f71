// The landing page's contact form. Its default export is the part the landing page loads when the
// form is about to be seen or used (lib/deferred.tsx).
export { default } from './contact-form';
