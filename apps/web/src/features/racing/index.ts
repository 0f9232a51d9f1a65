// Placeholder surface until the racing page lands; the pages issue replaces this file.
import { createElement } from 'react';
import { LaterRelease } from '@/components';

export const HorseRacingPage = () => createElement(LaterRelease, { title: 'Horse Racing' });
