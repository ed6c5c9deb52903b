import { failOnConsole } from './fail-on-console.ts';

failOnConsole();
