// Vite's `?url` imports: the built URL of an asset (the pdf.js worker).
declare module '*?url' {
  const url: string;
  export default url;
}
