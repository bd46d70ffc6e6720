import type { CatalogEntry } from './catalog-types.js';
import type { enProgress } from './en-progress.js';

/** लंबे रन की प्रगति और डेमो की रिपोर्ट। */
export const hiProgress: Record<keyof typeof enProgress, CatalogEntry> = {
  'progress.counted': '{label}: {done}/{total} पूरे · {failed} विफल · {elapsed} बीते · लगभग {left} बाकी',
  'progress.estimating': '{label}: {done}/{total} पूरे · {failed} विफल · {elapsed} बीते · बाकी समय का अनुमान लग रहा है',
  'progress.open': '{label}: {done} पूरे · {failed} विफल · {elapsed} बीते',
  'progress.containment': 'कंटेनमेंट एपिसोड',
  'progress.fleet': 'फ़्लीट जॉब',
  'progress.checks': 'केस रन',
  'demo.runReport': 'इस रन की रिपोर्ट (टाइमलाइन और ऑडिट जाँच): {file}',
  'demo.runReportContainment': 'इस रन की रिपोर्ट (टाइमलाइन, ऑडिट जाँच और कंटेनमेंट तालिका): {file}',
};
