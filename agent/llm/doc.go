// Package llm is a model-driven agent (kind "llm"): it pursues a goal in
// plain words ("find the three most-starred Go CLIs") through its
// session's tools, asking a language model which tool to call next. The
// provider is chosen by environment: FACET_LLM_PROVIDER (openai, for any
// OpenAI-compatible Chat Completions API, or anthropic, for Anthropic's
// Messages API), FACET_LLM_MODEL, FACET_LLM_BASE_URL (optional) and the
// provider's usual key variable (OPENAI_API_KEY or ANTHROPIC_API_KEY). With nothing configured, spawning is refused with an
// error that says what to set.
//
// The goal is sent in the system part of every request. What the app shows
// (the screen, which the agent looks at first, and every tool result) is
// sent only as a tool result, inside a data block between two lines that
// carry a random nonce, which the app's text can neither close nor forge;
// the system part tells the model that this text is untrusted data, never
// instructions, since other clients of a shared session type into it.
//
// The journal records the model's text, the tool calls it asked for and
// their results; Ask puts a question to the model about its work.
package llm
