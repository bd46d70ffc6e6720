/** hi: the `warden orchestrate` command and the orchestrator error codes (@warden/orchestrator). */
import type { CatalogEntry } from './catalog-types.js';
import type { enOrchestrate } from './en-orchestrate.js';

export const hiOrchestrate: Record<keyof typeof enOrchestrate, CatalogEntry> = {
  "command.orchestrate.summary": "एक लक्ष्य को जाँचे गए कार्य-ग्राफ़ में बदलें और पूरा करें: विशेषज्ञ, बजट वाली लहरें, जाँच, दोबारा योजना, समीक्षक — फिर से शुरू करने योग्य।",
  "command.orchestrate.usage": "warden orchestrate \"लक्ष्य\" [--max-concurrency N] [--budget-usd X] [--critics N] [--accept all|majority] [--queue redis://…]   या   warden orchestrate resume|status JOB_ID",
  "orchestrate.progress": "✔ {task} {message} ({done}/{total}, लगभग {seconds} सेकंड बाकी)",
  "orchestrate.status": "जॉब {job}: {stage}, {done}/{total} कार्य पूरे, ${cost}",
  "orchestrate.stopped": "जॉब {job} रुका ({reason}): {message}; स्थिति देखें: warden orchestrate status {job}",
  "orchestrate.failed": "जॉब {job} विफल ({reason}): {message}",
  "orchestrate.jobId": "जॉब: {job} (${cost})",
  "option.maxConcurrency": "एक साथ कितने कार्य चलें (डिफ़ॉल्ट 4)।",
  "option.critics": "कितने स्वतंत्र समीक्षक परिणाम जाँचें (डिफ़ॉल्ट 0: कोई समीक्षा नहीं)।",
  "option.accept": "all (डिफ़ॉल्ट) या majority: कितने समीक्षकों को परिणाम स्वीकार करना है।",
  "code.orchestrator.invalid_options": "ऑर्केस्ट्रेटर को अनजान विकल्प या सीमा से बाहर मान मिला",
  "code.orchestrator.plan_invalid": "योजना उपयोग योग्य नहीं (स्वीकृति परीक्षण नहीं, कोई निर्भरता गायब, चक्र, कोई रहस्य)",
  "code.orchestrator.plan_unapproved": "योजना स्वीकृत नहीं हुई, इसलिए कोई कार्य नहीं चला (उसे स्वीकृत करें या --yes चलाएँ)",
  "code.orchestrator.spec_invalid": "फ़ैक्टरी ने ऐसा विशेषज्ञ लिखा जो उपयोग योग्य नहीं",
  "code.orchestrator.task_failed": "एक कार्य विफल हुआ और उसकी दोबारा योजना नहीं बन सकी",
  "code.orchestrator.deadline": "एक कार्य अपनी समय-सीमा से आगे चला",
  "code.orchestrator.max_subagents": "एक और विशेषज्ञ शुरू करने से जॉब का maxSubagents पार हो जाएगा",
  "code.orchestrator.fleet_missing": "फ़्लीट पर कार्य चलाने के लिए @warden/fleet चाहिए",
  "code.orchestrator.taken_over": "कोई दूसरी प्रक्रिया यह जॉब चला रही है",
  "code.orchestrator.not_found": "सेशन स्टोर में इस id का कोई ऑर्केस्ट्रेटेड जॉब नहीं है",
};
