// Stands in for `server-only` under jest (see jest.config.js).
export {};
