import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The API server (apps/server) serves the built app in production; in development Vite serves
// the app and forwards the API and uploaded media to it.
const apiTarget = process.env.SOKO_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    // The floor Tailwind 4 compiles its CSS for (@tailwindcss/node's Lightning CSS targets):
    // compiling the JavaScript for older browsers would cost bytes on every phone without
    // making the pages work on more of them. Cheap Android phones update Chrome through Play.
    target: ['chrome111', 'edge111', 'firefox128', 'safari16.4'],
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
      // The live payment channel (socket.io) shares the API's origin.
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
