// The shared response schemas (zod, with every simulation type's parameters) are not part of the
// first page: the shell loads them with the first answer it checks, so the sign-in page and the app
// frame draw from a smaller script. Later pages find the module already loaded.
export const contractSchemas = () => import('@simforge/contracts');
