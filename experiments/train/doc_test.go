//go:build experiments

// Package train_test holds the trials of the models' training: experiments,
// not checks, each measuring a candidate change of a model by
// cross-validation over the shared corpus and logging its figures. They
// build only with -tags experiments and run only with MJRANK_TRIALS=1;
// experiments/README.md lists them and how to run each.
package train_test
