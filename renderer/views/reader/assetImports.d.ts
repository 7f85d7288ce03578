// Vite's `?url` imports: the built URL of an asset (the pdf.js worker).
declare module '*?url' {
  const url: string;
  export default url;
}

// Vite's `?inline` imports: a stylesheet's text.
declare module '*?inline' {
  const text: string;
  export default text;
}

// Vite's `?raw` imports: a file's text (a test reads pdf.js's viewer source).
declare module '*?raw' {
  const text: string;
  export default text;
}
