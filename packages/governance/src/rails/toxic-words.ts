/**
 * The `notToxic` word list: slurs, threats and abuse aimed at a person, in English. It is a
 * word-list screen, stated as such — it catches the obvious and misses paraphrase, sarcasm and
 * other languages; for those use an LLM judge (`tone`, `safety`). Words are matched whole, in any
 * case, so "Scunthorpe" and "assess" do not match.
 */
export const TOXIC_WORDS: Readonly<Record<'abuse' | 'threat' | 'slur', readonly string[]>> = {
  abuse: ['idiot', 'idiots', 'moron', 'morons', 'stupid', 'imbecile', 'retard', 'retarded', 'dumbass', 'jackass', 'asshole', 'assholes', 'bastard', 'bitch', 'bitches', 'shithead', 'dickhead', 'fuck you', 'piece of shit', 'loser', 'scumbag', 'worthless', 'pathetic'],
  threat: ['kill you', 'i will kill', 'hurt you', 'beat you up', 'you will die', 'you deserve to die', 'kill yourself', 'kys', 'burn your house'],
  slur: ['faggot', 'fag', 'nigger', 'nigga', 'chink', 'spic', 'kike', 'tranny', 'wetback', 'raghead'],
};

/** How bad each group is. */
export const TOXIC_SEVERITY = { abuse: 'medium', threat: 'high', slur: 'high' } as const;
