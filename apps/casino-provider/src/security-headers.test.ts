import { expect, it } from 'vitest';
import { platformOrigins } from './security-headers.ts';

it("frames the game page only in the platform's public origin; a loopback platform by either name", () => {
  expect(platformOrigins('https://exchange.example.com/')).toEqual(['https://exchange.example.com']);
  expect(platformOrigins('https://exchange.example.com:8443/api')).toEqual(['https://exchange.example.com:8443']);
  expect(platformOrigins('http://localhost:3000')).toEqual(['http://127.0.0.1:3000', 'http://localhost:3000']);
  expect(platformOrigins('http://127.0.0.1')).toEqual(['http://127.0.0.1', 'http://localhost']);
});
