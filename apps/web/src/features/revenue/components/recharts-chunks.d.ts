// Recharts ships no types beside its internal modules; only the module identity matters here (see lazy-revenue-chart).
declare module 'recharts/es6/state/store';
