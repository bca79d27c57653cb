/* global document */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    createElement(
      'main',
      null,
      createElement('h1', null, 'Welcome back'),
      createElement('p', null, 'Log in to trade and manage your wallet.'),
    ),
  );
