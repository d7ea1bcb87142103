// Testing Library waits up to a second by default for findBy/waitFor. The suite runs two hundred files in
// parallel on shared two-core machines, where a render can take longer than that; a real failure still
// fails, only later.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
}

export {};
