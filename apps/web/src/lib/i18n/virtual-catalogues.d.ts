/** The catalogues served by scripts/catalogues-plugin.ts: "<language>/<namespace>" → its compiled messages. */
declare module 'virtual:lyceum-catalogues' {
  const catalogues: Record<string, () => Promise<{ default: Record<string, unknown> }>>;
  export default catalogues;
}
