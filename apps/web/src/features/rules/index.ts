// Placeholder surface until the rules pages land; the pages issue replaces this file.
import { createElement } from 'react';
import { LaterRelease } from '@/components';

export const RulesContent = () => createElement('p', null, 'The rules are being prepared.');
export const RulesPage = () => createElement(LaterRelease, { title: 'Rules' });
