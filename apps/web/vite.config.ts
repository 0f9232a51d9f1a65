import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  plugins: [react(), precompress(fileURLToPath(new URL('./dist', import.meta.url)))],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // Two pages (ADR 36): the bettors' app at / and the back-office console at /console/. The
      // console's code is reached only from its own page, so a bettor never downloads it.
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        console: fileURLToPath(new URL('./console/index.html', import.meta.url)),
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // libphonenumber-js stays out of them so it loads only with the lazy sign-up screen, and
        // uplot only with the statement's chart. The vendor chunk is on the bettor's first load:
        // a library only the console uses must be kept out of it here too.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/](?!libphonenumber-js[\\/]|uplot[\\/])/ },
          ],
        },
      },
    },
  },
  // `npm run dev -w @exchange/web` proxies the API to a server started with `npm start`.
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/ws': { target: 'ws://localhost:3000', ws: true } },
  },
});
