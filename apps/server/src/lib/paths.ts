/** /api and everything under it (not /apiary): the paths that never fall back to the web app. */
export const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');
