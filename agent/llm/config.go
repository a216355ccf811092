package llm

import (
	"fmt"
	"strings"
)

// Environment variables the agent reads.
const (
	EnvProvider     = "FACET_LLM_PROVIDER"
	EnvModel        = "FACET_LLM_MODEL"
	EnvBaseURL      = "FACET_LLM_BASE_URL"
	EnvOpenAIKey    = "OPENAI_API_KEY"
	EnvAnthropicKey = "ANTHROPIC_API_KEY"
)

// Providers.
const (
	ProviderOpenAI    = "openai"
	ProviderAnthropic = "anthropic"
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
		return c, fmt.Errorf("no language model is configured: set %s=%s (any OpenAI-compatible Chat Completions API) or %s, %s (the model name), and the provider's key, %s or %s; %s points at another server",
			EnvProvider, ProviderOpenAI, ProviderAnthropic, EnvModel, EnvOpenAIKey, EnvAnthropicKey, EnvBaseURL)
	case ProviderOpenAI:
		c.APIKey = getenv(EnvOpenAIKey)
		if c.APIKey == "" {
			return c, fmt.Errorf("%s=%s needs %s", EnvProvider, ProviderOpenAI, EnvOpenAIKey)
		}
	case ProviderAnthropic:
		c.APIKey = getenv(EnvAnthropicKey)
		if c.APIKey == "" {
			return c, fmt.Errorf("%s=%s needs %s", EnvProvider, ProviderAnthropic, EnvAnthropicKey)
		}
	default:
		return c, fmt.Errorf("%s=%q is not a provider: use %s or %s", EnvProvider, c.Provider, ProviderOpenAI, ProviderAnthropic)
	}
	if c.Model == "" {
		return c, fmt.Errorf("%s is not set: name the model to use", EnvModel)
	}
	return c, nil
}
