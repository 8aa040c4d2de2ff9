import path from 'node:path';
import type { NextConfig } from 'next';

/** The monorepo root: Turbopack must see the workspace libraries beside this app. */
const workspaceRoot = path.join(__dirname, '../..');

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  turbopack: {
    root: workspaceRoot,
    // Bundle the rating rules from source, as typecheck and jest read them: no library build needed first.
    resolveAlias: {
      '@ratings/rating-rules': path.join(workspaceRoot, 'libs/rating-rules/src/index.ts'),
    },
  },
};

export default nextConfig;
