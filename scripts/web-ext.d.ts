// The parts of web-ext's Node API (https://extensionworkshop.com/documentation/develop/web-ext-command-reference/)
// the scripts and tests use; web-ext ships no types.
declare module "web-ext" {
  interface RunOptions {
    /** false: return instead of calling process.exit when done. */
    shouldExitProgram: boolean;
  }
  interface LintMessage {
    code: string;
    message: string;
    file?: string;
  }
  const webExt: {
    cmd: {
      build(
        params: { sourceDir: string; artifactsDir: string; filename?: string; overwriteDest?: boolean },
        options: RunOptions,
      ): Promise<{ extensionPath: string }>;
      lint(
        params: {
          sourceDir: string;
          warningsAsErrors?: boolean;
          output?: "text" | "json";
          pretty?: boolean;
          selfHosted?: boolean;
        },
        options: RunOptions,
      ): Promise<{
        count: number;
        summary: { errors: number; notices: number; warnings: number };
        errors: LintMessage[];
        notices: LintMessage[];
        warnings: LintMessage[];
      }>;
    };
  };
  export default webExt;
}
