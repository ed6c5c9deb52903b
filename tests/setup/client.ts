import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

import { failOnConsole } from './fail-on-console.ts';

failOnConsole();
afterEach(() => cleanup());
