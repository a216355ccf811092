package llm

import (
	"fmt"
	"strings"
)

// Environment variables the agent reads.
const (
	EnvProvider  = "FACET_LLM_PROVIDER"
	EnvModel     = "FACET_LLM_MODEL"
	EnvBaseURL   = "FACET_LLM_BASE_URL"
	EnvOpenAIKey = "OPENAI_API_KEY"
)

// Providers.
const (
	ProviderOpenAI = "openai"
)

// Config is the provider configuration read from the environment.
type Config struct {
	Provider string
	Model    string
	BaseURL  string
	APIKey   string
}

// ConfigFrom reads the configuration with getenv, or says what to set.
func ConfigFrom(getenv func(string) string) (Config, error) {
	c := Config{Provider: strings.TrimSpace(getenv(EnvProvider)), Model: strings.TrimSpace(getenv(EnvModel)), BaseURL: strings.TrimSpace(getenv(EnvBaseURL))}
	switch c.Provider {
	case "":
		return c, fmt.Errorf("no language model is configured: set %s=%s, %s (the model name) and %s (%s, if the server needs none, may be any value), and %s for an OpenAI-compatible server elsewhere",
			EnvProvider, ProviderOpenAI, EnvModel, EnvOpenAIKey, EnvOpenAIKey, EnvBaseURL)
	case ProviderOpenAI:
		c.APIKey = getenv(EnvOpenAIKey)
		if c.APIKey == "" {
			return c, fmt.Errorf("%s=%s needs %s", EnvProvider, ProviderOpenAI, EnvOpenAIKey)
		}
	default:
		return c, fmt.Errorf("%s=%q is not a provider: use %s", EnvProvider, c.Provider, ProviderOpenAI)
	}
	if c.Model == "" {
		return c, fmt.Errorf("%s is not set: name the model to use", EnvModel)
	}
	return c, nil
}
