// A small labelled retrieval set built the way identifiers get lost: 24 long part sheets (every
// service topic, one part each) and 48 short service bulletins about look-alike parts (PX-4417
// against PX-7441…) that each repeat one topic's sentence. A question quoting a topic and naming
// a part is closer in meaning to the short bulletins than to the long sheet it asks about; only
// the exact identifier says which sheet is meant. 8 more questions ask by meaning alone.
const TOPICS = [
  'Tighten the mounting bolts to the specified torque in a star pattern',
  'Replace the seal kit after the listed operating hours or at the yearly inspection',
  'The rated working pressure is printed on the plate and the relief valve opens above it',
  'Keep the housing below the limit temperature because a hot housing means a worn bearing',
  'Grease the spindle with lithium lubricant after every cleaning',
  'Connect the sensor lead to its terminal and ground the shield at one end only',
] as const;

const SERIES = ['PX', 'QX', 'PK', 'QK', 'PZ', 'QZ'];
const SHEET_DIGITS = ['4417', '4471', '4147', '4714'];
const BULLETIN_DIGITS = ['7441', '7414', '1447', '1474'];
const MEANING = [
  ['Which part sheet lists a drive belt of 1250 millimetres?', 'drive belt of 1250 millimetres'],
  ['Where is the coolant drained through the lower plug?', 'coolant is drained through the lower plug'],
  ['What needs a fuse rated for 16 amperes?', 'fuse rated for 16 amperes'],
  ['Which unit hums when the mains frequency is wrong?', 'hums when the mains frequency is wrong'],
  ['Which one must be stored upright in a dry room?', 'stored upright in a dry room'],
  ['What should be calibrated every spring?', 'calibrated every spring'],
  ['Which pump is primed with clean water first?', 'primed with clean water first'],
  ['Which gearbox takes synthetic oil only?', 'gearbox takes synthetic oil only'],
] as const;

export interface LabelledDoc {
  id: string;
  title: string;
  text: string;
}
export interface LabelledQuery {
  query: string;
  relevant: string;
  kind: 'identifier' | 'meaning';
}

export function labelledSet(): { docs: LabelledDoc[]; queries: LabelledQuery[] } {
  const docs: LabelledDoc[] = [];
  const queries: LabelledQuery[] = [];
  let n = 0;
  for (const series of SERIES) {
    for (const digits of SHEET_DIGITS) {
      const code = `${series}-${digits}`;
      const extra = n % 3 === 0 ? ` Note: the ${MEANING[n / 3]![1]}.` : '';
      const body = TOPICS.map((t, i) => `${t} (value ${10 + ((n * 7 + i * 13) % 90)}).`).join(' ');
      docs.push({ id: `sheet-${code}`, title: `Part sheet ${code}`, text: `# Part sheet ${code}\n\nThis sheet covers part ${code}. ${body}${extra}` });
      queries.push({ query: `${TOPICS[n % 6]}: what is the value for ${code}?`, relevant: `sheet-${code}`, kind: 'identifier' });
      if (extra) queries.push({ query: MEANING[n / 3]![0], relevant: `sheet-${code}`, kind: 'meaning' });
      n += 1;
    }
  }
  let b = 0;
  for (const series of SERIES) {
    for (const digits of BULLETIN_DIGITS) {
      for (const offset of [0, 3]) {
        const code = `${series}-${digits}`;
        docs.push({ id: `bulletin-${code}-${offset}`, title: `Bulletin ${code}`, text: `# Bulletin ${code}\n\n${TOPICS[(b + offset) % 6]}.` });
      }
      b += 1;
    }
  }
  return { docs, queries };
}
