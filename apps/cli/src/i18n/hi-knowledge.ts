/** hi: the `warden knowledge` command and the knowledge error codes (@warden/knowledge). */
import type { CatalogEntry } from './catalog-types.js';
import type { enKnowledge } from './en-knowledge.js';

export const hiKnowledge: Record<keyof typeof enKnowledge, CatalogEntry> = {
  "command.knowledge.summary": "ज्ञान-कोश: स्टोर के प्रकार दिखाएँ, किसी स्टोर को शुरू से अंत तक जाँचें, फ़ाइलें जोड़ें, अर्थ और सटीक शब्दों से खोजें।",
  "command.knowledge.usage": "warden knowledge stores   या   warden knowledge check|add फ़ाइल…|URL…|search \"प्रश्न\" [--store URL] [--k N] [--filter JSON] [--namespace NS] [--tenant T] [--allow-host HOST]",
  "knowledge.added": {"one": "{file}: {count} अंश जोड़ा गया", "other": "{file}: {count} अंश जोड़े गए"},
  "knowledge.unchanged": "{file}: अपरिवर्तित (कुछ भी एम्बेड नहीं हुआ)",
  "knowledge.noHits": "कोई अंश नहीं मिला।",
  "knowledge.checkOk": "✔ {store} स्टोर शुरू से अंत तक काम करता है",
  "knowledge.checkFailed": "✖ {store} स्टोर अपनी जाँच में विफल रहा",
  "option.store": "ज्ञान स्टोर का URL: sqlite:PATH (डिफ़ॉल्ट .warden/knowledge.sqlite), pglite:DIR, qdrant+http://HOST:PORT/COLLECTION (कुंजी QDRANT_API_KEY से), chroma+http://HOST:PORT/COLLECTION (कुंजी CHROMA_API_KEY से)।",
  "option.namespace": "जोड़ने या खोजने का ज्ञान नेमस्पेस (डिफ़ॉल्ट: default)।",
  "option.tenant": "वह टेनेंट जिस तक हर ज्ञान पढ़ना और लिखना सीमित है (डिफ़ॉल्ट: default)।",
  "option.k": "कितने अंश लौटाने हैं (डिफ़ॉल्ट 5)।",
  "option.knowledge": "ज्ञान स्टोर का URL (sqlite:PATH, pglite:DIR, qdrant+http://…/COLLECTION, chroma+http://…/COLLECTION): एजेंट को उस पर केवल-पढ़ने वाला knowledge_search टूल मिलता है; जो वह लाता है वह अविश्वसनीय सामग्री है।",
  "option.filter": "JSON में मेटाडेटा फ़िल्टर: {\"field\": value}, $in, $ne, $gt, $gte, $lt, $lte (कुंजियाँ AND से जुड़ी)।",
  "code.knowledge.invalid_options": "ज्ञान-कोश, स्टोर या एम्बेडर को ऐसे विकल्प मिले जिनका वह उपयोग नहीं कर सकता",
  "code.knowledge.invalid_filter": "फ़िल्टर फ़िल्टर-भाषा से बाहर का ऑपरेटर या मान उपयोग करता है",
  "code.knowledge.dimension_mismatch": "एम्बेडर के वेक्टरों के आयाम वे नहीं हैं जिनके लिए स्टोर बना था",
  "code.knowledge.store_failed": "ज्ञान स्टोर ने अनुरोध अस्वीकार किया या विफल रहा (पुनःप्रयासों के बाद)",
  "code.knowledge.store_unavailable": "ज्ञान स्टोर का ड्राइवर स्थापित नहीं है, या स्टोर तक पहुँचा नहीं जा सकता",
  "code.knowledge.embedder_failed": "एम्बेडर विफल रहा या उसने गलत संख्या या आकार के वेक्टर लौटाए",
};
