import { createContext } from 'react';
import type { ReactNode } from 'react';
import { visibleText } from '../../../src-shared/visible-text.ts';

/**
 * How a note's Markdown is shown: as the chat renders answers (text only, links behind the prompt)
 * where the workspace gives the chat's renderer (workspace/CaseTab.tsx), else as plain text.
 */
export const CaseMarkdown = createContext<(text: string) => ReactNode>((text) => <p className="case-note-text">{visibleText(text)}</p>);
