import { goRegex } from './go-regex';
import type { PostProcessing, RuleSet } from './rule-set.schema';

/** The functions whose first parameter is a regular expression. */
const REGEX_FUNCTIONS = new Set(['RegexString', 'RegexReplaceAll', 'Feet+Inches to cm']);

function stepProblems(steps: readonly PostProcessing[], where: string): string[] {
  return steps.flatMap((step, index) => {
    const at = `${where}.post_processing[${index}]`;
    const problems: string[] = [];
    if (REGEX_FUNCTIONS.has(step.post_processing)) {
      try {
        goRegex(step.params[0] ?? '');
      } catch (error) {
        problems.push(`${at}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (step.post_processing === 'CollyForEach') {
      if (!step.sub_rule) problems.push(`${at}: CollyForEach needs a sub_rule`);
      else problems.push(...stepProblems(step.sub_rule.post_processing, `${at}.sub_rule`));
    }
    return problems;
  });
}

/** What the schema cannot see in a rule set: regular expressions that do not compile, CollyForEach without a sub-rule. */
export function ruleSetProblems(key: string, set: RuleSet): string[] {
  return set.rules.flatMap((rule, index) => stepProblems(rule.post_processing, `${key}.rules[${index}]`));
}
