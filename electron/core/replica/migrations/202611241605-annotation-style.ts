// A highlight's style (shared/schemas/annotation.ts): 'underline' or 'area', null for a
// highlighted text; it syncs like the colour.
export const migrate = `
ALTER TABLE annotations ADD COLUMN style TEXT CHECK (style IS NULL OR style IN ('underline', 'area'));
`;
