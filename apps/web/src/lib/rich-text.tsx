import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with elements inside it (a link in the middle of a sentence): translate with each
 * element's argument set to its own `{name}`, e.g. `t('key', { link: '{link}' })`, then hand the text here.
 * The sentence stays one message, so each language orders its words itself.
 */
export function richText(message: string, elements: Record<string, ReactNode>): ReactNode {
  return message.split(/(\{\w+\})/).map((part, index) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence never reorder
    return <Fragment key={index}>{name && name in elements ? elements[name] : part}</Fragment>;
  });
}
