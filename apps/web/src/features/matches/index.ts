// Placeholder surface until the match pages land; the pages issue replaces this file.
import { createElement } from 'react';
import { LaterRelease } from '@/components';

export const HomePage = () => createElement(LaterRelease, { title: 'Home' });
export const AllSportsPage = () => createElement(LaterRelease, { title: 'All Sports' });
export const GameDetailsPage = () => createElement(LaterRelease, { title: 'Match Details' });
export const MatchRedirect = () => createElement(LaterRelease, { title: 'Match Details' });
