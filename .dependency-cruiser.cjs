/**
 * `npm run lint`'s import-cycle check (ADR 020): no module may reach itself through its imports, type-only imports
 * (`import type`) and `import()` included. A type cycle costs nothing at run time, but it means neither module can be
 * read, moved or split without the other, which is the coupling the layers rule exists to prevent.
 */
module.exports = {
  forbidden: [{ name: 'no-cycle', severity: 'error', from: {}, to: { circular: true } }],
  options: {
    // Type-only imports are dependencies too (TypeScript would erase them before dependency-cruiser looks).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.(test|e2e)\\.tsx?$' },
  },
};
