/** hi: `warden governance dsar erase|export` (data-subject erasure and export). */
import type { CatalogEntry } from './catalog-types.js';
import type { enDsar } from './en-dsar.js';

export const hiDsar: Record<keyof typeof enDsar, CatalogEntry> = {
  'option.keys': 'प्रति-व्यक्ति कुंजियों की डायरेक्टरी (डिफ़ॉल्ट: WORKDIR/.warden/subject-keys); इसे ट्रेल और उसके बैकअप से बाहर रखें।',
  'option.signingKey': 'Ed25519 निजी कुंजी (PEM फ़ाइल) जो मिटाने की रसीद और ट्रेल में उसकी प्रविष्टि पर हस्ताक्षर करती है (ट्रेल की हस्ताक्षर कुंजी, ताकि उसकी सार्वजनिक कुंजी दोनों को सत्यापित करे)।',
  'option.governance.knowledge': 'dsar: नॉलेज स्टोर URL जिसकी subject = SUBJECT मेटाडेटा वाली प्रविष्टियाँ मिटाई जाती हैं (sqlite:PATH, pglite:DIR, qdrant+http://…)।',
  'option.governance.tenant': 'dsar: व्यक्ति का टेनेंट (उसमें उनके सत्र, और नॉलेज टेनेंट; डिफ़ॉल्ट: default)।',
  'option.governance.namespace': 'dsar: मिटाने के लिए नॉलेज नेमस्पेस (डिफ़ॉल्ट: default)।',
  'governance.dsar.erased': 'मिटाया गया: {sessions} सत्र, {knowledge} नॉलेज प्रविष्टियाँ, {deliverables} डिलिवरेबल; कुंजी {key}, इसलिए ट्रेल के {tokens} टोकन अपठनीय हैं और चेन अब भी सत्यापित होती है',
  'governance.dsar.exported': 'निर्यात किया गया: {sessions} सत्र, {entries} ऑडिट प्रविष्टियाँ (कुंजी {key})',
};
